"use strict";
/* The table of a moment (GameSpec.table_json: columns, seats with their cells, piles, lines),
   drawn into the page's #seats (a table), #piles and #table-lines. The replay viewer's page
   (sgs replay html) and the table page of sgs serve both draw it with this code, which each
   page embeds where it says SGS-TABLE-JS. */
const sgsTable = (function () {
  const $ = id => document.getElementById(id);

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function cell(value, key, none) {
    const td = el("td");
    td.dataset.key = key;
    if (Array.isArray(value)) {
      if (!value.length) td.appendChild(el("span", "none", none));
      value.forEach(v => td.appendChild(el("span", /[♥♦]/.test(v) ? "chip red" : "chip", v)));
    } else {
      td.appendChild(el("span", "text", value === undefined ? "" : value));
      const hp = /^(-?\d+)\/(\d+)$/.exec(String(value));
      if (hp && key === "hp" && Number(hp[2]) > 0) {
        const bar = el("span", "hpbar");
        const fill = el("span");
        fill.style.width = `${Math.max(0, Math.min(100, 100 * Number(hp[1]) / Number(hp[2])))}%`;
        bar.appendChild(fill);
        td.appendChild(bar);
      }
    }
    return td;
  }

  // o: current (the seat whose turn it is, or null), asked (the seat asked, or null), me (the
  // page's own seat, or null), dead and none (the page's words), title(general): a general's
  // skills as a tooltip, or "".
  function draw(table, o) {
    const head = $("seats").tHead;
    const body = $("seats").tBodies[0];
    head.replaceChildren();
    body.replaceChildren();
    const columns = table.columns || [];
    $("seats").hidden = !columns.length;
    if (columns.length) {
      const tr = el("tr");
      tr.appendChild(el("th", "", ""));
      columns.forEach(c => {
        const th = el("th", "", c.label);
        th.dataset.key = c.key;
        tr.appendChild(th);
      });
      head.appendChild(tr);
      table.seats.forEach(s => {
        const row = el("tr");
        row.dataset.seat = String(s.seat);
        row.dataset.alive = String(s.alive !== false);
        if (s.seat === o.current) row.classList.add("current");
        if (s.seat === o.asked) row.classList.add("asked");
        if (s.seat === o.me) row.classList.add("me");
        if (s.alive === false) row.classList.add("dead");
        const label = el("td", "seat");
        label.appendChild(el("span", "label", s.label));
        if (s.alive === false) label.appendChild(el("span", "badge", o.dead));
        row.appendChild(label);
        columns.forEach(c => {
          const td = cell(s.cells[c.key], c.key, o.none);
          const said = c.key === "general" && o.title && o.title(s.general);
          if (said) td.querySelector(".text").title = said;
          row.appendChild(td);
        });
        body.appendChild(row);
      });
    }
    $("table-lines").textContent = (table.lines || []).join("\n");
    $("table-lines").hidden = !(table.lines || []).length;
    const piles = $("piles");
    piles.replaceChildren();
    (table.piles || []).forEach(p => {
      const span = el("span", "pile");
      span.dataset.key = p.key;
      span.appendChild(el("span", "label", p.label));
      const values = Array.isArray(p.value) ? p.value : [p.value];
      if (!values.length) span.appendChild(el("span", "none", o.none));
      values.forEach(v => span.appendChild(el("span", Array.isArray(p.value)
        ? (/[♥♦]/.test(v) ? "chip red" : "chip") : "value", v)));
      piles.appendChild(span);
    });
  }

  return {draw};
})();
