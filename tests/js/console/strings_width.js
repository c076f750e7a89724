// Display width: wide (CJK, emoji) and zero-width characters.
console.log(["日本", "中文字符", "한국어", "ascii", "mixed日本", "x", "yy", "zzz"]);
console.log(["🎉", "🎉🎉", "a", "b", "c", "d", "e", "f"]);
console.log(["e\u0301", "cafe\u0301", "n\u0303", "plain", "a", "b", "c"]);
console.log({ wide: "日本語".repeat(10) });
console.log(Array.from({ length: 8 }, (_, i) => "全".repeat(i + 1)));
console.log(["\u200b", "zero\u200bwidth", "a", "b", "c", "d", "e"]);
console.table([{ name: "日本", v: 1 }, { name: "ab", v: 22 }]);
console.log("直接".repeat(3), "raw");
