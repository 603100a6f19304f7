import { randomUUID } from 'node:crypto'
import { Router } from 'express'
import type { Company } from '../../src/schemas/company'
import { emptyTrack } from '../../src/schemas/track'
import { userCreateSchema, type User } from '../../src/schemas/user'
import type { RouteModule } from '../deps'
import { conflict, handle, parse } from '../http'
import { claimsOf, referralCodeOf } from '../seed/core'

const e164 = (formatted: string) => `+${formatted.replace(/\D/g, '')}`

/** Users (SPEC section 7 "Users"). */
export const usersRoutes: RouteModule = {
  contract: [
    {
      method: 'POST',
      route: '/users',
      example: '/users',
      access: 'public',
      takesInput: true,
      body: {
        name: 'Joana Prado',
        email: 'joana.prado@example.com',
        password: 'segredo123',
        phone: '+55 (11) 97777-6666',
        trackId: 'create-company',
      },
    },
  ],
  create: ({ store, auth }) => {
    const router = Router()

    router.post(
      '/users',
      handle(async (req, res) => {
        const input = parse(userCreateSchema, req.body)
        const taken =
          store.data.users.some((user) => user.email === input.email) ||
          (await auth.auth.getUserByEmail(input.email).then(
            () => true,
            () => false,
          ))
        if (taken)
          throw conflict(
            'Este e-mail já está cadastrado. Entre com sua senha ou recupere o acesso.',
          )

        const now = new Date().toISOString()
        const companyId = `cmp-${randomUUID().slice(0, 8)}`
        const firstName = input.name.split(' ')[0] ?? input.name
        const profile = { email: input.email, password: input.password, displayName: input.name }
        // A phone number is unique in Firebase Auth; a second account with the same mobile keeps it
        // only in our own record.
        const firebaseUser = await auth.auth
          .createUser({ ...profile, phoneNumber: e164(input.phone) })
          .catch(() => auth.auth.createUser(profile))

        const user: User = {
          id: firebaseUser.uid,
          email: input.email,
          name: input.name,
          phone: input.phone,
          roles: ['company-admin'],
          companies: [companyId],
          indicatedBy: input.indicatedBy ?? null,
          referralCode: referralCodeOf(input.name, firebaseUser.uid),
          disabled: false,
          createdAt: now,
        }
        const company: Company = {
          id: companyId,
          name: `Empresa de ${firstName}`,
          alias: null,
          cnpj: null,
          status: 'pending',
          address: null,
          currentSubscription: null,
          trackId: input.trackId,
          type: null,
          size: null,
          activities: [],
          statusHistory: [],
          createdAt: now,
          updatedAt: now,
        }
        try {
          await auth.auth.setCustomUserClaims(firebaseUser.uid, claimsOf(user))
          store.data.users.push(user)
          store.data.companies.push(company)
          store.data.tracks.push({ companyId, ...emptyTrack(input.trackId) })
          await store.commit()
        } catch (error) {
          // Nothing half-made: the records and the Firebase account are removed again.
          store.data.users = store.data.users.filter((u) => u.id !== user.id)
          store.data.companies = store.data.companies.filter((c) => c.id !== companyId)
          store.data.tracks = store.data.tracks.filter((t) => t.companyId !== companyId)
          await auth.auth.deleteUser(firebaseUser.uid).catch(() => undefined)
          throw error
        }
        res.status(201)
        return { data: user }
      }),
    )

    return router
  },
}
