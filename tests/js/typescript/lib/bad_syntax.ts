// Not TypeScript: an initialiser is missing.
export const x: number = ;
