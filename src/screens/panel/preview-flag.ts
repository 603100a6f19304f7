import { env } from '@/config/env'

/**
 * docs/product.md §6: "a panel feature for one admin address". Here that feature is the panel of any
 * client company, as the client sees it, for the admin e-mail in VITE_FLAG_PANEL_EMAILS
 * (admin@contabil.dev by default). Everyone else never sees it.
 */
export const canPreviewPanels = (email: string | null | undefined) =>
  Boolean(email && env.flags.panelFeatureEmails.includes(email))
