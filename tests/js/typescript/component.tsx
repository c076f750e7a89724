// JSX is not supported yet: a clear error naming the file (Deno runs it).
const el = <div>hi</div>;
console.log(el);
