console.log("top-level code runs");
setTimeout(() => console.log("and its timers"), 50);
export const fetch = () => new Response("not the default export");
