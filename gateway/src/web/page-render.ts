import { join } from 'node:path';
import { existsSync } from 'node:fs';
import type { Logger } from '@luxe/platform';

/**
 * The web build's server bundle (web/prerender.plugin.ts's SERVER_RENDER_FILE, under the build's
 * folder): the app drawn on the server, React and the router inside it.
 */
export const SERVER_RENDER_FILE = join('server', 'render.cjs');

/** An API read a page is drawn with: its URL, its JSON answer and the list's next cursor. */
export interface FirstRead {
  url: string;
  body: unknown;
  nextCursor: string | null;
}

/** What web/src/prerender.tsx exports for the gateway. */
interface ServerRender {
  FIRST_READ_URLS: readonly string[];
  render(path: string, reads: readonly FirstRead[], at?: number): Promise<{ html: string; state: unknown }>;
}

/** One read's answer as the gateway itself served it (its public read cache, else the service). */
export interface ReadAnswer {
  body: string;
  nextCursor: string | null;
}

export interface PageRendererOptions {
  /** The built web client's folder (its `server/render.cjs` is loaded from there). */
  dir: string;
  /** The API reads each page starts with (static.ts's DATA_PRELOADS). */
  reads: Readonly<Record<string, readonly string[]>>;
  /** Reads one URL as an anonymous visitor would (undefined: no 200 answer). */
  read(url: string, correlationId?: string): Promise<ReadAnswer | undefined>;
  logger: Logger;
  /** The longest a page waits for its reads before it is sent as prerendered (its list loading). */
  budgetMs?: number;
}

const ROOT_OPEN = '<div id="root">';
/** The id web/src/app/page-state.ts names (main.tsx reads the data block by it). */
export const PAGE_STATE_ID = 'luxe-state';

/**
 * A prerendered page whose screen starts with an API read (`/events`: its list), drawn again by
 * the server with that read's answer: the first cards, their photos and links are in the HTML, so
 * the page's largest paint (the first card's photo) no longer waits for the scripts, the list's
 * read and the render after them. The answer travels with the page as TanStack Query's dehydrated
 * cache (a JSON data block, `#luxe-state`), which main.tsx puts in the client's cache before
 * hydrating: the client's first render is the server's, with no second read before it.
 *
 * Only where it cannot be wrong, else the prerendered page as before: anonymous visits (static.ts),
 * without a query string (a search the browser sent lists another place once hydrated), once the
 * bundle is loaded, and when the reads answer 200 within `budgetMs`. The read is the gateway's own
 * (`read`: through its public read cache, which the events keep true), and one page is kept per
 * path for as long as its reads answer the same bytes: an unchanged list costs a cache hit and a
 * string comparison, a changed one one render (~2 ms) and its compression.
 */
export class PageRenderer {
  private bundle: ServerRender | null = null;
  private loading: Promise<void> | null = null;
  private readonly kept = new Map<string, { key: string; page: Promise<DrawnPage | undefined> }>();
  private readonly budgetMs: number;

  constructor(private readonly o: PageRendererOptions) {
    this.budgetMs = o.budgetMs ?? 300;
  }

  /** True when the build has a server bundle (an older build does not: its pages stay as prerendered). */
  get available(): boolean {
    return existsSync(join(this.o.dir, SERVER_RENDER_FILE));
  }

  /**
   * Loads the bundle (~100 ms of one thread for its 4 MB): called once the gateway listens, so it
   * delays no start; pages are sent as prerendered until it is in.
   */
  load(): Promise<void> {
    this.loading ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      try {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const mod = require(join(this.o.dir, SERVER_RENDER_FILE)) as Partial<ServerRender>;
        if (typeof mod.render !== 'function' || !Array.isArray(mod.FIRST_READ_URLS))
          throw new Error(`${SERVER_RENDER_FILE} exports no render`);
        this.bundle = mod as ServerRender;
      } catch (err) {
        this.o.logger.warn({ err }, 'the web client cannot be drawn on the server: its pages are sent as prerendered');
      }
    });
    return this.loading;
  }

  /** Whether `path` is a page this renderer draws with data (its reads are ones the bundle takes). */
  draws(path: string): boolean {
    return this.urls(path).length > 0;
  }

  private urls(path: string): readonly string[] {
    const b = this.bundle;
    return b ? (this.o.reads[path] ?? []).filter((u) => b.FIRST_READ_URLS.includes(u)) : [];
  }

  /**
   * `prerendered` (the page as the build made it, with its preloads) drawn with its reads, or
   * undefined: send it as it is.
   */
  async page(path: string, prerendered: Buffer, correlationId?: string): Promise<DrawnPage | undefined> {
    const urls = this.urls(path);
    if (urls.length === 0) return undefined;
    const answers = await this.withinBudget(Promise.all(urls.map((u) => this.o.read(u, correlationId))));
    if (!answers || answers.some((a) => a === undefined)) return undefined;
    const key = answers.map((a) => `${a!.nextCursor ?? ''}\n${a!.body}`).join('\0');
    const kept = this.kept.get(path);
    if (kept?.key === key) return kept.page;
    const page = this.draw(
      path,
      prerendered,
      urls.map((url, i) => ({
        url,
        body: JSON.parse(answers[i]!.body) as unknown,
        nextCursor: answers[i]!.nextCursor,
      })),
    );
    this.kept.set(path, { key, page });
    return page;
  }

  private async draw(path: string, prerendered: Buffer, reads: FirstRead[]): Promise<DrawnPage | undefined> {
    try {
      const { html, state } = await this.bundle!.render(path, reads);
      const body = withRoot(prerendered.toString('utf8'), html, state);
      return body && { body, image: priorityImage(html) };
    } catch (err) {
      this.o.logger.warn({ err, path }, 'a page could not be drawn on the server: sent as prerendered');
      return undefined;
    }
  }

  private withinBudget<T>(p: Promise<T>): Promise<T | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), this.budgetMs)));
    return Promise.race([p.catch(() => undefined), late]).finally(() => clearTimeout(timer));
  }
}

/** A page drawn with its reads, and the image it fetches first (its largest paint), if any. */
export interface DrawnPage {
  body: Buffer;
  image?: PriorityImage;
}

/** An `<img>`'s source as the browser chooses it: what a preload must name to be the request the image makes. */
export interface PriorityImage {
  src: string;
  srcset?: string;
  sizes?: string;
}

/** Paths, widths and the `sizes` media conditions of our own images: nothing that could end a header's parameter. */
const PLAIN = /^[\w./%?=,:()\s-]+$/;

/**
 * The drawn page's first `fetchpriority="high"` image (the first card's photo), with its `srcset`
 * and `sizes`: a preload that names only its `src` fetches the full photo while the image takes
 * its smaller copy (two requests, the first wasted). Undefined when none, or when an attribute is
 * not plain.
 */
export function priorityImage(html: string): PriorityImage | undefined {
  // React writes the attributes as it names them (`srcSet`, `fetchPriority`); HTML ignores their case.
  const tag = /<img\b[^>]*\bfetchpriority="high"[^>]*>/i.exec(html)?.[0];
  if (!tag) return undefined;
  const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
  const image = { src: attr('src'), srcset: attr('srcset'), sizes: attr('sizes') };
  if (!image.src || ![image.src, image.srcset ?? '', image.sizes ?? ''].every((v) => v === '' || PLAIN.test(v)))
    return undefined;
  return { src: image.src, ...(image.srcset ? { srcset: image.srcset, sizes: image.sizes } : {}) };
}

/**
 * The prerendered page with `html` in its `#root` instead of the build's markup, and the data block
 * after it. The build's `#root` holds exactly the prerendered markup and is the body's first element,
 * closed by the `</div>` before `</body>`'s content that follows it in the empty page too; the
 * page's own `</div>` of the root is the last `</div>` before `</body>` (static.spec.ts checks a page
 * the build made). Undefined when the page is not shaped so.
 */
export function withRoot(page: string, html: string, state: unknown): Buffer | undefined {
  const open = page.indexOf(ROOT_OPEN);
  const bodyEnd = page.lastIndexOf('</body>');
  const close = bodyEnd === -1 ? -1 : page.lastIndexOf('</div>', bodyEnd);
  if (open === -1 || close < open) return undefined;
  // `<` escaped: nothing in the data can close the block (`</script>`) or open a comment.
  const data = JSON.stringify(state).replace(/</g, '\\u003c');
  return Buffer.from(
    `${page.slice(0, open + ROOT_OPEN.length)}${html}</div><script type="application/json" id="${PAGE_STATE_ID}">${data}</script>${page.slice(close + '</div>'.length)}`,
  );
}
