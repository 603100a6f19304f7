import { expect, it } from 'vitest'
import { measureWalks, type Walks } from '../../scripts/walks-measure'
import { emulatorHost } from './harness'

// The files a month close and an OFX import that pays an invoice cross, measured
// (scripts/walks-measure.ts; `npm run walks` lists them): each walk may not cross more files than
// it does now. A change that makes a path cross more raises its ceiling here, in the open.
const CEILINGS = { 'OFX import → invoice received': 35, 'Month close (Simples)': 55 }

it('keeps the month close and the OFX import within the files they cross now', async () => {
  const { edge, walks }: Walks = await measureWalks(emulatorHost(), process.env.MOCK_TEST_PKI_DIR!)
  // What every signed-in request crosses: the edge, the endpoint's row, the caller's record.
  expect([...edge]).toEqual(
    expect.arrayContaining([
      'mock-server/auth.ts',
      'mock-server/api.ts',
      'mock-server/routes/users.ts',
    ]),
  )
  const walk = (name: keyof typeof CEILINGS) => walks.find((w) => w.name === name)!.files
  // Each walk measured what it ran: its route, its command, the rule and the store's table.
  expect([...walk('OFX import → invoice received')]).toEqual(
    expect.arrayContaining([
      'mock-server/routes/bank-accounts.ts',
      'mock-server/ofx/reader.ts',
      'mock-server/domain/bank/commands.ts',
      'mock-server/domain/bank/reconciliation/reconciler.ts',
      // …in the reconciliation's worker thread.
      'mock-server/domain/bank/reconciliation/rules.ts',
      'mock-server/store/table.ts',
    ]),
  )
  expect([...walk('Month close (Simples)')]).toEqual(
    expect.arrayContaining([
      'mock-server/routes/simples.ts',
      'mock-server/domain/simples/months.ts',
      'src/kernel/tax/month.ts',
      'mock-server/store/table.ts',
    ]),
  )
  const over = Object.entries(CEILINGS)
    .map(([name, ceiling]) => ({ name, files: walk(name as keyof typeof CEILINGS).size, ceiling }))
    .filter(({ files, ceiling }) => files > ceiling)
  expect(over).toEqual([])
}, 120_000)
