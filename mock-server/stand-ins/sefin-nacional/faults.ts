import { z } from 'zod'

// Faults the stand-in injects, like WireMock's, for drills and tests (MOCK_SEFIN_FAULT, or the
// test hook `POST /__test/sefin-faults`). On `POST /nfse`:
// - `reset-after-issue:N`: the NFS-e is issued, then the connection is reset without an answer;
// - `timeout:N`: the NFS-e is issued and no answer is sent (the client gives up);
// - `500:N`: an internal error, nothing issued.
// On `POST /nfse/{chave}/eventos` and `GET /nfse/{chave}/eventos/{tipo}/{seq}`:
// - `tampered-event:N`: the event is registered (or read), and the copy answered is changed after
//   it was signed (the first letter of its `xMotivo`): its signature does not verify.
// Each the first N times; every fault injected is logged with its name.

export const faultNames = ['reset-after-issue', 'timeout', '500', 'tampered-event'] as const
export type FaultName = (typeof faultNames)[number]

export type Faults = {
  /** One of `names` to inject now, if one is armed (it is used up). */
  take(names: readonly FaultName[]): FaultName | null
  arm(name: FaultName, times: number): void
  clear(): void
}

/** `reset-after-issue:2,500:1` → the counts; throws on anything else (a setting mistyped). */
export function parseFaults(setting: string | undefined): Map<FaultName, number> {
  const armed = new Map<FaultName, number>()
  for (const part of (setting ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([a-z0-9-]+):(\d+)$/.exec(part)
    const name = match?.[1] as FaultName | undefined
    if (!match || !name || !faultNames.includes(name))
      throw new Error(
        `MOCK_SEFIN_FAULT: "${part}" não é uma falha conhecida (use ${faultNames.map((f) => `${f}:N`).join(', ')}).`,
      )
    armed.set(name, Number(match[2]))
  }
  return armed
}

export function createFaults(setting?: string, log = console.log): Faults {
  const armed = parseFaults(setting)
  return {
    take(names) {
      for (const [name, left] of armed) {
        if (left <= 0 || !names.includes(name)) continue
        armed.set(name, left - 1)
        log(`[sefin-nacional] falha injetada: ${name} (restam ${left - 1})`)
        return name
      }
      return null
    },
    arm(name, times) {
      armed.set(name, times)
    },
    clear() {
      armed.clear()
    },
  }
}

/** The test hook's query: how many times each fault, `?reset-after-issue=1&500=2`. */
export const sefinFaultsBodySchema = z.partialRecord(
  z.enum(faultNames),
  z.coerce.number().int().min(0).max(100),
)

/**
 * The municipality's answer a drill or a test plays (`POST /__test/sefin-analysis`): the key of
 * the NFS-e whose cancellation analysis it answers, granted or refused, and its reason
 * (`xMotivo`, 15–255 characters).
 */
export const sefinAnalysisAnswerSchema = z.strictObject({
  key: z.string().min(1),
  answer: z.enum(['granted', 'refused']),
  reason: z.string().min(15).max(255).default('Análise fiscal concluída pelo município.'),
})
