// Seed 004's workload as a `deno serve` module: each request renders a web
// page on the server, as deno.com's server-side rendering does (the seed
// served deno.com: ~160 KB of HTML a request). Here a virtual-DOM tree of
// ~2,500 elements is built by components and rendered to ~120 KB of escaped
// HTML, so the work per request is JavaScript, not the HTTP exchange.
type Props = Record<string, string | number | boolean | undefined>;
type Child = VNode | string | number | null | Child[];
interface VNode {
  tag: string | ((props: Props, children: Child[]) => Child);
  props: Props;
  children: Child[];
}

function h(tag: VNode["tag"], props: Props | null, ...children: Child[]): VNode {
  return { tag, props: props ?? {}, children };
}

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
function escape(text: string): string {
  return /[&<>"']/.test(text) ? text.replace(/[&<>"']/g, (c) => escapes[c]) : text;
}

const voidElements = new Set(["meta", "link", "img", "br", "hr", "input"]);
function render(node: Child, out: string[]): void {
  if (node === null) return;
  if (typeof node === "string") return void out.push(escape(node));
  if (typeof node === "number") return void out.push(String(node));
  if (Array.isArray(node)) {
    for (const child of node) render(child, out);
    return;
  }
  if (typeof node.tag === "function") return render(node.tag(node.props, node.children), out);
  let open = "<" + node.tag;
  for (const [name, value] of Object.entries(node.props)) {
    if (value === false || value === undefined) continue;
    open += value === true ? ` ${name}` : ` ${name}="${escape(String(value))}"`;
  }
  out.push(open + ">");
  if (voidElements.has(node.tag)) return;
  for (const child of node.children) render(child, out);
  out.push(`</${node.tag}>`);
}

interface Post {
  id: number;
  title: string;
  author: string;
  tags: string[];
  body: string;
  stars: number;
}

const words = ("deno runtime module import export server request response stream header fetch worker " +
  "permission typescript javascript compile bundle test bench format lint cache graph lock npm jsr <tag> & co")
  .split(" ");
function sentence(seed: number, length: number): string {
  const parts: string[] = [];
  for (let i = 0; i < length; i++) parts.push(words[(seed * 31 + i * 17) % words.length]);
  return parts.join(" ");
}
const posts: Post[] = Array.from({ length: 150 }, (_, id) => ({
  id,
  title: sentence(id, 6),
  author: sentence(id + 7, 2),
  tags: [words[id % words.length], words[(id * 7) % words.length], words[(id * 13) % words.length]],
  body: sentence(id + 3, 40),
  stars: (id * 7919) % 5000,
}));

const Tag = (props: Props) => h("li", { class: "tag" }, h("a", { href: `/tags/${props.name}` }, String(props.name)));
const Card = (props: Props) => {
  const post = posts[props.id as number];
  return h("article", { class: "card", id: `post-${post.id}`, "data-stars": post.stars },
    h("header", null,
      h("h2", null, h("a", { href: `/posts/${post.id}` }, post.title)),
      h("p", { class: "byline" }, "by ", h("strong", null, post.author), " · ", post.stars, " stars")),
    h("p", null, post.body),
    h("ul", { class: "tags" }, post.tags.map((name) => h(Tag, { name }))),
    h("footer", null, h("button", { type: "button", disabled: post.stars < 100 }, "Star")));
};
const Page = (props: Props) =>
  h("html", { lang: "en" },
    h("head", null, h("meta", { charset: "utf-8" }), h("title", null, `Posts — page ${props.page}`)),
    h("body", null,
      h("nav", null, h("ul", null, words.slice(0, 12).map((w) => h("li", null, h("a", { href: `/${w}` }, w))))),
      h("main", null, posts.map((post) => h(Card, { id: post.id }))),
      h("footer", null, `Rendered for ${props.path}`)));

export default {
  fetch(req: Request) {
    const out = ["<!DOCTYPE html>"];
    render(h(Page, { page: 1, path: new URL(req.url).pathname }), out);
    return new Response(out.join(""), { headers: { "content-type": "text/html; charset=utf-8" } });
  },
};
