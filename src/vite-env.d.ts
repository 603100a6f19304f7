/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_URL?: string
  readonly VITE_FUNCTIONS_URL?: string
  readonly VITE_SITE_URL?: string
  readonly VITE_FIREBASE_API_KEY?: string
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string
  readonly VITE_FIREBASE_PROJECT_ID?: string
  readonly VITE_FIREBASE_STORAGE_BUCKET?: string
  readonly VITE_FIREBASE_MESSAGING_SENDER_ID?: string
  readonly VITE_FIREBASE_APP_ID?: string
  readonly VITE_FIREBASE_MEASUREMENT_ID?: string
  readonly VITE_AUTH_EMULATOR_URL?: string
  readonly VITE_STORYBLOK_ENDPOINT?: string
  readonly VITE_STORYBLOK_TOKEN?: string
  readonly VITE_STORYBLOK_PREVIEW_TOKEN?: string
  readonly VITE_GTM_ID?: string
  readonly VITE_FLAG_PANEL_EMAILS?: string
  readonly VITE_FLAG_CORA_EMAILS?: string
  /** Stamped by the build (vite.config.ts); absent under the dev server. */
  readonly VITE_BUILD_ID?: string
}
