/** The one small stylesheet, served at `/static/style.css`. */
export const STYLESHEET = `
:root { --fg: #1b1f24; --muted: #57606a; --accent: #8a1538; --bg: #fff; --soft: #f6f8fa; --line: #d0d7de; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 "Noto Sans Sinhala", "Noto Sans Tamil", system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
header.site, footer.site { padding: .75rem 1rem; background: var(--soft); border-bottom: 1px solid var(--line); display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; align-items: center; }
footer.site { border-top: 1px solid var(--line); border-bottom: 0; color: var(--muted); font-size: .875rem; margin-top: 2rem; }
.brand { font-weight: 700; color: var(--accent); text-decoration: none; }
nav a { margin-right: .75rem; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem; overflow-wrap: break-word; }
a { color: var(--accent); }
a:focus, button:focus, input:focus, select:focus, textarea:focus { outline: 3px solid #f0b429; outline-offset: 2px; }
form { display: grid; gap: .75rem; max-width: 32rem; grid-template-columns: minmax(0, 1fr); margin: 1rem 0; }
label { display: grid; gap: .25rem; font-weight: 600; }
input, select, textarea, button { font: inherit; padding: .5rem; border: 1px solid var(--line); border-radius: 6px; max-width: 100%; }
button, .button { background: var(--accent); color: #fff; border: 0; cursor: pointer; padding: .5rem 1rem; border-radius: 6px; text-decoration: none; display: inline-block; }
table { border-collapse: collapse; width: 100%; margin: 1rem 0; }
th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
pre, code { background: var(--soft); border-radius: 4px; font-size: .875rem; }
pre { padding: .75rem; overflow-x: auto; }
.result { background: var(--soft); border: 1px solid var(--line); border-radius: 8px; padding: 1rem; margin: 1rem 0; }
.error { border-color: #cf222e; background: #ffebe9; }
.muted { color: var(--muted); font-size: .875rem; }
.grid { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 1rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
svg { max-width: 100%; height: auto; }
.field { display: grid; gap: .25rem; grid-template-columns: minmax(0, 1fr); }
.field label { display: block; }
.field small { color: var(--muted); }
.field.check { grid-template-columns: auto 1fr; align-items: center; column-gap: .5rem; }
.field.check small, .field.check .field-error { grid-column: 1 / -1; }
.field-error { color: #a40e26; font-weight: 600; }
.invalid input, .invalid select { border-color: #cf222e; border-width: 2px; }
.inline { display: flex; gap: .5rem; flex-wrap: wrap; }
.inline input { flex: 1 1 12rem; }
dl.fields { display: grid; grid-template-columns: minmax(8rem, max-content) minmax(0, 1fr); gap: .25rem 1rem; margin: .5rem 0; }
dl.fields dt { color: var(--muted); }
dl.fields dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
dl.fields dl.fields { grid-column: 1 / -1; }
.num { font-variant-numeric: tabular-nums; }
.table-wrap { overflow-x: auto; }
.table-wrap th, .table-wrap td { overflow-wrap: normal; min-width: 4rem; }
ul.grid, ul.toc, ul.day-names { list-style: none; padding: 0; }
.card a { font-weight: 600; }
.card p { margin: .25rem 0 0; color: var(--muted); font-size: .9375rem; }
.toc { columns: 2 16rem; }
.endpoint { border-top: 1px solid var(--line); padding-top: .5rem; }
figure.chart { margin: 1rem 0; }
figure.chart svg { width: 100%; background: var(--bg); border: 1px solid var(--line); border-radius: 6px; }
svg .axes line { stroke: var(--muted); }
svg text { font-size: 12px; fill: var(--fg); }
svg rect.principal, .key.principal { fill: #1f6feb; background: #1f6feb; }
svg rect.interest, .key.interest { fill: #d4a72c; background: #d4a72c; }
svg .line { fill: none; stroke: var(--accent); stroke-width: 2; }
svg circle { fill: var(--accent); }
svg .area { fill: #f5c2d0; }
svg .marker { stroke: #1b1f24; stroke-width: 2; stroke-dasharray: 4 3; }
.key { display: inline-block; width: .9em; height: .9em; vertical-align: middle; border-radius: 2px; }
.calendar { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); }
.month-grid { margin: 0; font-size: .875rem; }
.month-grid caption { font-weight: 700; text-align: left; padding: .25rem 0; }
.month-grid th, .month-grid td { text-align: center; padding: .15rem; border: 0; }
.month-grid td.holiday { background: var(--accent); color: #fff; border-radius: 4px; }
.day-names { font-size: .875rem; margin: .5rem 0 0; }
.day-names li { margin-bottom: .25rem; }
.payslip-sheet { background: var(--bg); border: 1px solid var(--line); border-radius: 6px; padding: .5rem 1rem; margin: 1rem 0; }
.payslip-sheet table { margin: .5rem 0; }
.payslip-sheet caption { text-align: left; font-weight: 700; padding-top: .5rem; }
.payslip-sheet th { font-weight: 400; }
:lang(si), :lang(ta) { line-height: 1.75; }
:lang(si) :is(h1, h2, h3), :lang(ta) :is(h1, h2, h3) { line-height: 1.4; }
.lead { font-size: 1.0625rem; max-width: 40rem; }
.tool-form { max-width: 36rem; }
.tool-form fieldset { border: 0; padding: 0; margin: 0; min-width: 0; }
.tool-form legend { font-weight: 600; padding: 0; margin-bottom: .25rem; }
.hint { color: var(--muted); margin: 0; }
.optional { color: var(--muted); font-weight: 400; }
.field-error { color: #a40e26; font-weight: 700; margin: 0; }
.invalid { border-left: 4px solid #cf222e; padding-left: .75rem; }
.invalid input[type="text"], .invalid input[type="date"], .invalid select, .invalid textarea { border-color: #cf222e; border-width: 2px; }
.tool-form input[type="text"], .tool-form input[type="date"], .tool-form select { min-height: 2.75rem; max-width: 100%; }
.tool-form textarea { width: 100%; max-width: 40rem; min-height: 7.5rem; }
.result-text { display: block; width: 100%; max-width: 40rem; min-height: 7.5rem; }
.answer audio { display: block; width: 100%; max-width: 40rem; margin-top: .75rem; }
.notice { border-left: 6px solid #f0b429; background: var(--soft); padding: .75rem 1rem; }
.w-5 { width: 7ch; } .w-10 { width: 13ch; } .w-15 { width: 18ch; } .w-20 { width: 100%; max-width: 24rem; }
.code { letter-spacing: .08em; }
.affix { display: flex; align-items: stretch; max-width: 100%; }
.affix .prefix, .affix .suffix { display: flex; align-items: center; padding: 0 .6rem; background: var(--soft); border: 1px solid var(--line); }
.affix .prefix { border-right: 0; border-radius: 6px 0 0 6px; }
.affix .suffix { border-left: 0; border-radius: 0 6px 6px 0; }
.affix .prefix + input { border-radius: 0 6px 6px 0; }
.affix input:has(+ .suffix) { border-radius: 6px 0 0 6px; }
.radios { display: grid; gap: .25rem; }
.radio, .field.check { display: flex; align-items: center; gap: .5rem; min-height: 2.75rem; }
.field.check { flex-wrap: wrap; }
.field.check .hint, .field.check .field-error { flex-basis: 100%; }
.radio input, .field.check input { width: 1.5rem; height: 1.5rem; margin: 0; flex: none; }
.radio label, .field.check label { font-weight: 400; padding: .4rem 0; }
.field.check label { flex: 1 1 0; min-width: 0; }
details.more, details.developers { border-top: 1px solid var(--line); padding-top: .5rem; }
details > summary { cursor: pointer; min-height: 2.75rem; display: flex; align-items: center; color: var(--accent); font-weight: 600; }
details > summary h2 { font-size: 1.25rem; margin: 0; display: inline; }
details.developers { margin-top: 2rem; }
.more-fields { display: grid; gap: .75rem; padding-top: .5rem; }
button, .button { min-height: 2.75rem; font-weight: 600; }
.error-summary { border: 4px solid #cf222e; padding: 1rem; margin: 1rem 0; }
.error-summary h2 { margin-top: 0; }
.error-summary a { color: #a40e26; font-weight: 600; }
.error-summary:focus { outline: 3px solid #f0b429; }
.answer { margin: 1rem 0 1.5rem; }
.answer:focus { outline: none; }
.answer-box { border-left: 6px solid var(--accent); background: var(--soft); padding: 1rem; }
.answer-box h2 { margin: 0; font-size: 1.375rem; font-weight: 600; }
.answer-box strong.nowrap { white-space: nowrap; }
table.list caption { text-align: left; font-weight: 700; padding: .25rem 0; }
button code { background: transparent; color: inherit; }
form { grid-template-columns: minmax(0, 1fr); }
form > *, label { min-width: 0; }
select, input, textarea { max-width: 100%; min-width: 0; }
[hidden] { display: none !important; }
button.copy { margin-top: .75rem; background: var(--bg); color: var(--accent); border: 2px solid var(--accent); }
button.secondary { background: var(--bg); color: var(--accent); border: 2px solid var(--accent); }
.copied { margin-left: .5rem; }
dl.summary { margin: .5rem 0 1rem; border-top: 1px solid var(--line); }
dl.summary .row { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: .25rem 1rem; padding: .5rem 0; border-bottom: 1px solid var(--line); }
dl.summary dt { min-width: 0; }
dl.summary dd { margin: 0; text-align: right; }
dl.summary .row.strong { font-weight: 700; }
dl.summary .row.text { grid-template-columns: minmax(0, 1fr) minmax(0, 1.5fr); }
dl.summary dd:not(.num) { text-align: left; overflow-wrap: anywhere; }
.nowrap { white-space: nowrap; }
table.list caption { text-align: left; font-weight: 700; padding: .25rem 0; }
.worked { margin-top: 1.5rem; }
ul.tool-list { list-style: none; padding: 0; margin: 1rem 0; }
ul.tool-list li { border-bottom: 1px solid var(--line); padding: .25rem 0 .5rem; }
ul.tool-list a { font-weight: 600; margin-right: .5rem; }
ul.tool-list p { margin: 0; }
.table-wrap:focus { outline: 3px solid #f0b429; }
main { min-width: 0; }
header.site nav { display: flex; flex-wrap: wrap; gap: 0 .25rem; }
header.site nav a { display: inline-flex; align-items: center; min-height: 2.75rem; padding: 0 .25rem; margin-right: .5rem; }
.brand { display: inline-flex; align-items: center; min-height: 2.75rem; }
.card a { display: inline-flex; align-items: center; min-height: 2.75rem; }
input:not([type=checkbox]):not([type=radio]):not([type=hidden]), select { min-height: 2.75rem; }
main :is(nav, td, li, dd) a { display: inline-flex; align-items: center; min-height: 2.75rem; }
main nav a { margin-right: .75rem; }
@media print {
  header.site, footer.site, nav, form, .tool-form, .developers, .worked, .lead, .error-summary, button, .no-print, .calendar, figure.chart details { display: none !important; }
  main { max-width: none; padding: 0; }
  .answer-box { border: 0; background: none; padding: 0; }
  .result, .payslip-sheet { border: 0; background: none; padding: 0; }
  a { color: inherit; text-decoration: none; }
}
@media (max-width: 40rem) {
  main { padding: .75rem; }
  /* Tamil and Sinhala words run long (the Tamil name of the foreign ministry): a smaller heading keeps them whole. */
  :lang(si) h1, :lang(ta) h1 { font-size: 1.6rem; }
  dl.fields { grid-template-columns: minmax(0, 1fr); }
  dl.fields dd { margin-bottom: .5rem; }
  :lang(si) td.nowrap, :lang(ta) td.nowrap { white-space: normal; }
  nav a { display: inline-block; padding: .25rem 0; }
  table.keys thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  table.keys, table.keys tbody, table.keys tr, table.keys td { display: block; }
  table.keys tr { border-bottom: 1px solid var(--line); padding: .5rem 0; }
  table.keys td { border: 0; padding: .15rem 0; display: grid; grid-template-columns: minmax(0, 9rem) minmax(0, 1fr); gap: .5rem; }
  table.keys td::before { content: attr(data-label); color: var(--muted); }
  table.keys td.action { display: block; }
  table.keys td.action form { margin: .5rem 0 0; }
  .payslip-sheet { padding: .5rem .75rem; }
  .payslip-sheet table, .payslip-sheet tbody { display: block; }
  .payslip-sheet caption { display: block; }
  .payslip-sheet tr { display: flex; flex-wrap: wrap; gap: 0 .75rem; padding: .4rem 0; border-bottom: 1px solid var(--line); }
  .payslip-sheet th, .payslip-sheet td { border: 0; padding: 0; }
  .payslip-sheet th { flex: 1 1 auto; min-width: 0; }
  .payslip-sheet td { flex: 0 0 auto; margin-left: auto; }
}
`;
