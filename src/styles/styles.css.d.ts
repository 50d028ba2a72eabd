// The declarations of `import 'payments-kit/styles.css'`: the stylesheet exports nothing. With
// this types entry TypeScript resolves the side-effect import (TypeScript 6 checks such imports
// by default) without the host declaring `*.css` modules itself.
export {};
