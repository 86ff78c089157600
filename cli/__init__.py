"""``sgs``: the command line over sgscore (argument parsing, output, exit codes; no rules here)."""
