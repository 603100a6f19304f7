import { paintFirstPage } from './paint'

// app.html's inline script (compiled at build by scripts/vite/painted-page-script.ts): its
// element carries the identity service's storage key.
paintFirstPage(document, window, document.currentScript?.dataset.userKey ?? '')
