// How Responses print (their behaviour: tests/js/unit/response_test.ts).
console.log("redirect", Response.redirect("http://x/a b", 307));
console.log("error", Response.error());
console.log("inspect", new Response("hello", { status: 201, headers: { x: "y" } }));
