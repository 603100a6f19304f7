// Every address and public key the web app uses, from VITE_* variables with defaults that
// point at the local stack (`npm start`). Pointing a build at real services is configuration only.
const value = (raw: string | undefined, fallback: string) =>
  raw && raw.trim() !== '' ? raw.trim() : fallback
const optional = (raw: string | undefined) => (raw && raw.trim() !== '' ? raw.trim() : undefined)

const e = import.meta.env
const apiUrl = value(e.VITE_API_URL, 'http://localhost:3000')
// The content stand-in lives in the mock API, so by default it follows the API's address.
const storyblokEndpoint = value(e.VITE_STORYBLOK_ENDPOINT, `${apiUrl}/v2`)

export const env = {
  /** Main API (docs/product.md §7). */
  apiUrl,
  /** Functions API (the second client of docs/product.md §7). */
  functionsUrl: value(e.VITE_FUNCTIONS_URL, apiUrl),
  /** Public address of this site, for canonical URLs and sitemaps. */
  siteUrl: value(e.VITE_SITE_URL, 'http://localhost:5173'),
  firebase: {
    apiKey: value(e.VITE_FIREBASE_API_KEY, 'demo-api-key'),
    authDomain: value(e.VITE_FIREBASE_AUTH_DOMAIN, 'demo-contabil.firebaseapp.com'),
    projectId: value(e.VITE_FIREBASE_PROJECT_ID, 'demo-contabil'),
    storageBucket: value(e.VITE_FIREBASE_STORAGE_BUCKET, 'demo-contabil.appspot.com'),
    messagingSenderId: value(e.VITE_FIREBASE_MESSAGING_SENDER_ID, '000000000000'),
    appId: value(e.VITE_FIREBASE_APP_ID, '1:000000000000:web:0000000000000000'),
    measurementId: optional(e.VITE_FIREBASE_MEASUREMENT_ID),
  },
  /**
   * The Auth emulator. Set only in development (.env.development) or when a build asks for it
   * explicitly (tests), so no emulator connection reaches a production build by accident.
   */
  authEmulatorUrl: optional(e.VITE_AUTH_EMULATOR_URL),
  storyblok: {
    endpoint: storyblokEndpoint,
    /** Public token: reads the published version. */
    token: value(e.VITE_STORYBLOK_TOKEN, 'local-public-token'),
    /**
     * Preview token: reads drafts too (`?_storyblok` / preview mode). Set it only where drafts
     * may be shown; the local stand-in's preview token is the default only while the endpoint is
     * on this machine.
     */
    previewToken:
      optional(e.VITE_STORYBLOK_PREVIEW_TOKEN) ??
      (/^https?:\/\/(localhost|127\.0\.0\.1)[:/]/.test(storyblokEndpoint)
        ? 'local-preview-token'
        : undefined),
  },
  /** Google Tag Manager container; loaded only after cookie consent. */
  gtmId: optional(e.VITE_GTM_ID),
  /** Feature flags by e-mail allow-list (docs/product.md §6). */
  flags: {
    panelFeatureEmails: (e.VITE_FLAG_PANEL_EMAILS ?? 'admin@contabil.dev')
      .split(',')
      .map((s: string) => s.trim())
      .filter(Boolean),
    coraEmails: (e.VITE_FLAG_CORA_EMAILS ?? 'ana@contabil.dev,eva@contabil.dev')
      .split(',')
      .map((s: string) => s.trim())
      .filter(Boolean),
  },
} as const
