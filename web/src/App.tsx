/** The app shell: a slim menu of pages and the current page, loaded on first visit (shell/location.ts, shell/pages.ts). */
import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import { here, type PageProps } from "./shell/location.js";
import { PAGES, pageFor } from "./shell/pages.js";

const loaded = new Map<string, ComponentType<PageProps>>();

export function App() {
  const h = here.value;
  const page = pageFor(h.id);
  const r = { page, rest: page.id === h.id ? h.rest : "", query: h.query };
  const [, rerender] = useState(0);
  const [failed, setFailed] = useState<string | null>(null);
  const Page = loaded.get(r.page.id);
  useEffect(() => {
    if (loaded.has(r.page.id)) return;
    let live = true;
    r.page
      .load()
      .then((m) => {
        loaded.set(r.page.id, m.default);
        if (live) rerender((n) => n + 1);
      })
      .catch((e: unknown) => live && setFailed(`Could not load the page: ${e instanceof Error ? e.message : String(e)}`));
    return () => {
      live = false;
    };
  }, [r.page.id]);
  return (
    <div class="shell">
      <nav class="site" aria-label="Muster">
        <a class="brand" href="#/">Muster</a>
        {PAGES.map((p) => (
          <a key={p.id} href={`#/${p.id}`} class={p.id === r.page.id ? "here" : undefined} title={p.blurb} aria-current={p.id === r.page.id ? "page" : undefined}>
            {p.title}
          </a>
        ))}
      </nav>
      <div class="page">{failed ? <p class="error">{failed}</p> : Page ? <Page rest={r.rest} query={r.query} /> : <p class="loading">Loading…</p>}</div>
    </div>
  );
}
