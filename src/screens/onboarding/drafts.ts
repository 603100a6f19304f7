// The local draft of a wizard step: what was typed, kept in this browser on every change so a
// reload or a failed save loses nothing; cleared once the step is saved. (The server keeps its
// own draft too, for another device: see step-form.ts.)

type StoredDraft = { values: unknown; at: string }

const PREFIX = 'contabil:rascunho-etapa'

export const draftKey = (uid: string, companyId: string, stepId: string) =>
  `${PREFIX}:${uid}:${companyId}:${stepId}`

export function readDraft(key: string): StoredDraft | null {
  try {
    const raw = window.localStorage.getItem(key)
    if (!raw) return null
    const parsed = JSON.parse(raw) as Partial<StoredDraft>
    return typeof parsed.at === 'string' && 'values' in parsed
      ? { values: parsed.values, at: parsed.at }
      : null
  } catch {
    return null
  }
}

export function writeDraft(key: string, values: unknown) {
  try {
    window.localStorage.setItem(key, JSON.stringify({ values, at: new Date().toISOString() }))
  } catch {
    // Storage full or blocked (private mode): the server draft still keeps the work.
  }
}

export function clearDraft(key: string) {
  try {
    window.localStorage.removeItem(key)
  } catch {
    // Nothing to clear.
  }
}
