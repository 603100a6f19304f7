// Preview mode (docs/product.md §2 / issue: `?_storyblok` or a preview flag reads the draft version).
// Storyblok's visual editor opens pages with `?_storyblok=…`; `?preview=1` does the same by hand
// and `?preview=0` leaves. The choice is kept for the tab, so links inside the site stay in preview.
// No library here: the layout reads it on every page.

const KEY = 'contabil:preview'

const storage = () => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}

export function isPreview(): boolean {
  if (typeof window === 'undefined') return false
  const params = new URLSearchParams(window.location.search)
  if (params.has('_storyblok') || params.get('preview') === '1') {
    storage()?.setItem(KEY, '1')
    return true
  }
  if (params.get('preview') === '0') {
    storage()?.removeItem(KEY)
    return false
  }
  return storage()?.getItem(KEY) === '1'
}

export function leavePreview() {
  storage()?.removeItem(KEY)
}
