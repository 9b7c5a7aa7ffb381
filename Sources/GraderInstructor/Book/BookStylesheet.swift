import Foundation

/// The book's one style sheet, `style.css`: the layout (a list of lessons beside the page, above
/// it on a narrow screen), the text, and the colours of the highlighted code's `hl-` classes,
/// in a light and a dark scheme. Kept in the source rather than as a package resource, so that a
/// `grader-instructor` copied away from its build folder still writes it.
enum BookStylesheet {
    static let css = #"""
        :root {
          --text: #1f2328; --muted: #59636e; --background: #ffffff; --side: #f6f8fa; --line: #d1d9e0;
          --accent: #0969da; --code-background: #f6f8fa; --output-background: #eef6ee;
          --keyword: #cf222e; --type: #8250df; --string: #0a3069; --number: #0550ae; --comment: #59636e;
          --attribute: #953800; --key: #116329; --variable: #953800; --label: #9a6700;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --text: #e6edf3; --muted: #9198a1; --background: #0d1117; --side: #151b23; --line: #3d444d;
            --accent: #4493f8; --code-background: #151b23; --output-background: #12261e;
            --keyword: #ff7b72; --type: #d2a8ff; --string: #a5d6ff; --number: #79c0ff; --comment: #9198a1;
            --attribute: #ffa657; --key: #7ee787; --variable: #ffa657; --label: #d29922;
          }
        }
        * { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; }
        body {
          margin: 0; color: var(--text); background: var(--background);
          font: 16px/1.6 -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif;
        }
        a { color: var(--accent); text-decoration: none; }
        a:hover { text-decoration: underline; }
        a.external::after { content: " ↗"; font-size: 0.8em; }
        .bar { padding: 0.6rem 1.5rem; border-bottom: 1px solid var(--line); background: var(--side); font-weight: 600; }
        .bar a { color: var(--text); }
        .layout { display: flex; align-items: flex-start; }
        .side {
          flex: 0 0 17rem; position: sticky; top: 0; height: 100vh; overflow-y: auto;
          padding: 1rem 1rem 2rem 1.5rem; font-size: 0.9rem; border-right: 1px solid var(--line); background: var(--side);
        }
        .side-title { margin: 0 0 0.5rem; font-weight: 600; }
        .side ol { list-style: none; margin: 0; padding: 0; }
        .side li { margin: 0.15rem 0; }
        .side .within { margin: 0.2rem 0 0.5rem 0.8rem; border-left: 2px solid var(--line); padding-left: 0.6rem; }
        .side .section a { color: var(--muted); }
        .side a[aria-current="page"] { font-weight: 600; color: var(--text); }
        main { flex: 1 1 auto; min-width: 0; max-width: 52rem; padding: 1rem 2.5rem 3rem; }
        h1, h2, h3, h4 { line-height: 1.25; margin: 1.6em 0 0.6em; }
        h1 { font-size: 2rem; margin-top: 0.6em; }
        h2 { font-size: 1.5rem; padding-bottom: 0.3em; border-bottom: 1px solid var(--line); }
        h3 { font-size: 1.2rem; }
        .lead { font-size: 1.1rem; color: var(--muted); }
        .trail { font-size: 0.85rem; color: var(--muted); margin-top: 0.5rem; }
        code, pre { font-family: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 0.88em; }
        :not(pre) > code { background: var(--code-background); padding: 0.1em 0.35em; border-radius: 4px; }
        pre { background: var(--code-background); border: 1px solid var(--line); border-radius: 6px; padding: 0.8rem 1rem; overflow-x: auto; line-height: 1.45; }
        pre.output { background: var(--output-background); }
        pre.output::before { content: "Output"; display: block; font-size: 0.75rem; color: var(--muted); margin-bottom: 0.3rem; }
        .code-label { margin: 1rem 0 -0.6rem; font-weight: 600; color: var(--label); }
        .hl-keyword { color: var(--keyword); }
        .hl-type { color: var(--type); }
        .hl-string { color: var(--string); }
        .hl-number { color: var(--number); }
        .hl-comment { color: var(--comment); font-style: italic; }
        .hl-attribute { color: var(--attribute); }
        .hl-key { color: var(--key); }
        .hl-variable { color: var(--variable); }
        table { border-collapse: collapse; margin: 1rem 0; display: block; overflow-x: auto; }
        th, td { border: 1px solid var(--line); padding: 0.35rem 0.7rem; text-align: left; vertical-align: top; }
        th { background: var(--side); }
        blockquote { margin: 1rem 0; padding: 0 1rem; color: var(--muted); border-left: 4px solid var(--line); }
        img { max-width: 100%; }
        .facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; padding: 0.8rem 1rem; border: 1px solid var(--line); border-radius: 6px; }
        .facts dt { font-weight: 600; }
        .facts dd { margin: 0; }
        .contents { padding-left: 0; list-style: none; }
        .contents h2 { font-size: 1.25rem; }
        .exercise-list { padding-left: 1.2rem; }
        .summary { color: var(--muted); }
        .note, .problem { padding: 0.8rem 1rem; border-radius: 6px; border: 1px solid var(--line); background: var(--side); }
        .problem { border-color: var(--keyword); }
        .pager { display: flex; justify-content: space-between; gap: 1rem; margin-top: 3rem; padding-top: 1rem; border-top: 1px solid var(--line); font-size: 0.95rem; }
        @media (max-width: 50rem) {
          .layout { display: block; }
          .side { position: static; height: auto; border-right: none; border-bottom: 1px solid var(--line); }
          main { padding: 1rem; }
          .pager { flex-direction: column; }
        }
        """#
}
