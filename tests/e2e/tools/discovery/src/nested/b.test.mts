Deno.test('mts file', () => {});
