// Records shared by the unit tests.
import type { Company } from '@/schemas/company'
import { emptyTrack, type Track } from '@/schemas/track'
import type { CurrentUser } from '@/schemas/user'

export const companyFixture = (overrides: Partial<Company> = {}): Company => ({
  id: 'cmp-1',
  name: 'Ana Design Ltda',
  alias: null,
  cnpj: null,
  status: 'active',
  address: null,
  currentSubscription: null,
  trackId: 'create-company',
  type: null,
  size: null,
  activities: [],
  statusHistory: [],
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
})

export const doneTrack = (trackId: Track['trackId'] = 'create-company'): Track => ({
  ...emptyTrack(trackId),
  status: 'done',
})

export const userFixture = (uid: string, email: string, displayName?: string): CurrentUser => ({
  uid,
  email,
  displayName: displayName ?? email.split('@')[0] ?? null,
  phoneNumber: null,
  photoUrl: null,
  createdAt: '2025-02-10T13:30:00.000Z',
})
