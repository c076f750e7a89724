console.log(Deno.cwd());
console.log(Deno.env.get("TC_E2E_VALUE") ?? "(unset)");
console.log(JSON.stringify(Deno.args));
