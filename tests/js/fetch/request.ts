// How Requests print (their behaviour: tests/js/unit/request_test.ts).
const r = new Request("http://x/", { method: "POST", body: "abc" });
console.log("signal", r.signal);
console.log("inspect", r);
const base = new Request("http://x/", { headers: { a: "1" } });
console.log(new Request(base, { method: "POST", body: "zz" }).headers);
