import "./lib/a.ts" with { type: "json" };
