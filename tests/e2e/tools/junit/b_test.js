Deno.test("b one", async () => { await new Promise(r => setTimeout(r, 5)); });
