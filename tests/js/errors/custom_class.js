class MyErr extends Error { constructor(m){super(m); this.name="MyErr"; this.code = 5;} }
throw new MyErr("x");
