/** The one small stylesheet, served at `/static/style.css`. */
export const STYLESHEET = `
:root { --fg: #1b1f24; --muted: #57606a; --accent: #8a1538; --bg: #fff; --soft: #f6f8fa; --line: #d0d7de; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", "Noto Sans Sinhala", "Noto Sans Tamil", sans-serif; color: var(--fg); background: var(--bg); }
header.site, footer.site { padding: .75rem 1rem; background: var(--soft); border-bottom: 1px solid var(--line); display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; align-items: center; }
footer.site { border-top: 1px solid var(--line); border-bottom: 0; color: var(--muted); font-size: .875rem; margin-top: 2rem; }
.brand { font-weight: 700; color: var(--accent); text-decoration: none; }
nav a { margin-right: .75rem; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
a { color: var(--accent); }
a:focus, button:focus, input:focus, select:focus, textarea:focus { outline: 3px solid #f0b429; outline-offset: 2px; }
form { display: grid; gap: .75rem; max-width: 32rem; margin: 1rem 0; }
label { display: grid; gap: .25rem; font-weight: 600; }
input, select, textarea, button { font: inherit; padding: .5rem; border: 1px solid var(--line); border-radius: 6px; }
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
`;
