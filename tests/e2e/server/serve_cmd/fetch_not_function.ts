export default { fetch: "nope" };
