import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { isValidMobilePhone } from '@brazilian-utils/brazilian-utils'
import type { RequestHandler } from 'express'
import multer from 'multer'
import { z } from 'zod'
import { formatMobile } from '../../src/schemas/brazil'
import { claimsOf, isSystemAdmin } from '../../src/schemas/claims'
import { idSchema, listOf, recordOf } from '../../src/schemas/common'
import {
  isPhotoType,
  MAX_PHOTO_BYTES,
  photoAnswerSchema,
  photoTypes,
  profileMessages,
  type PhotoType,
} from '../../src/schemas/profile'
import {
  adminUserCreatedSchema,
  adminUserCreateSchema,
  adminUserDetailSchema,
  adminUserListQuerySchema,
  adminUserSchema,
  userCreateSchema,
  userMessages,
  userSchema,
  userUpdateSchema,
  type AdminUser,
  type AdminUserCreate,
  type User,
  type UserCreate,
  type UserUpdate,
} from '../../src/schemas/user'
import { searchKey } from '../../src/schemas/people'
import { endpoint, type Call } from '../api'
import {
  changeIdentity,
  e164,
  firebaseCode,
  firebaseError,
  findUser,
  referralCodeOf,
  systemAdmins,
  type IdentityFields,
} from '../domain/companies/people'
import { companyRefOf, newCompany, newTrack } from '../domain/companies/company-records'
import type { ServerConfig } from '../config'
import { badRequest, conflict, forbidden, HttpError, notFound, paginate } from '../http'
import type { Store } from '../store/database'

// People (docs/product.md §7 "Users"): sign-up, the caller's own record, the profile and its photo,
// and the back office's user management (`/admin/users`).

const userParams = z.object({ id: idSchema })

// ---- views ----

/** A user as the back office shows them: their companies by name (unknown ids are left out). */
const adminUserOf = (store: Store, user: User): AdminUser => ({
  ...user,
  companyRefs: user.companies.flatMap((id) => {
    const company = store.companies.get(id)
    return company ? [companyRefOf(company)] : []
  }),
})

const collator = new Intl.Collator('pt-BR')
const byUserName = (a: User, b: User) => collator.compare(a.name, b.name)

/** A referral code typed at sign-up: a client's code or a Duca partner's; anything else is dropped. */
function referralCode(store: Store, code: string | undefined): string | null {
  if (!code) return null
  const key = code.trim().toUpperCase()
  return store.users.exists({ referralCode: key }) || store.ducaPartners.exists({ code: key })
    ? key
    : null
}

// ---- profile photos ----

/** Room for the multipart envelope around the photo (boundaries, part headers). */
const MULTIPART_OVERHEAD = 64 * 1024
const photoUpload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 0 },
}).single('photo')

/** Reads the `photo` field into `req.file`; too large is a 413 (told before reading, if declared). */
const readPhoto: RequestHandler = (req, res, next) => {
  if (Number(req.headers['content-length'] ?? 0) > MAX_PHOTO_BYTES + MULTIPART_OVERHEAD)
    return next(new HttpError(413, profileMessages.photoTooLarge))
  photoUpload(req, res, (error: unknown) => {
    if (!error) return next()
    if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE')
      return next(new HttpError(413, profileMessages.photoTooLarge))
    next(badRequest(profileMessages.photoMissing))
  })
}

/** The image type the bytes are (not what the browser said), or null. */
function photoTypeOf(bytes: Buffer): PhotoType | null {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg'
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png'
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp'
  return null
}

/** A stored photo's name: its content hash, so a new photo is a new address (no stale cache). */
const PHOTO_FILE = /^[a-f0-9]{16}\.(jpg|png|webp)$/
/** Where photos are kept, inside the files folder (fixtures/files seeds it like a company's). */
const photoDirOf = (config: ServerConfig) => path.join(config.filesDir, '_profile-photos')
/** A person's photos are `<sha256(uid), 16>-<content hash>.<ext>` in one folder. */
const photoPrefix = (uid: string) =>
  `${createHash('sha256').update(uid).digest('hex').slice(0, 16)}-`

async function removePhotos(config: ServerConfig, uid: string, keep?: string) {
  const dir = photoDirOf(config)
  const prefix = photoPrefix(uid)
  const names = await fs.readdir(dir).catch(() => [] as string[])
  for (const name of names)
    if (name.startsWith(prefix) && name !== keep) await fs.rm(path.join(dir, name), { force: true })
}

/** The identity service's photoURL (the session shows it). */
async function setPhotoUrl({ auth }: Call, uid: string, photoURL: string | null) {
  await auth.auth.updateUser(uid, { photoURL }).catch((error: unknown) => {
    if (firebaseCode(error) !== 'auth/user-not-found') firebaseError(error)
  })
}

// ---- sign-up and the caller ----

const SIGN_UP_EMAIL_TAKEN =
  'Este e-mail já está cadastrado. Entre com sua senha ou recupere o acesso.'

/** Sign-up: the Firebase account, a pending company on the chosen track, and the claims. */
async function signUp({ store, auth, body: input }: Call<{ body: UserCreate }>) {
  const taken =
    store.users.exists({ email: input.email.toLowerCase() }) ||
    (await auth.auth.getUserByEmail(input.email).then(
      () => true,
      () => false,
    ))
  if (taken) throw conflict(SIGN_UP_EMAIL_TAKEN)

  const now = new Date().toISOString()
  const firstName = input.name.split(' ')[0] ?? input.name
  const company = newCompany({ name: `Empresa de ${firstName}`, trackId: input.trackId }, now)
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
    companies: [company.id],
    indicatedBy: referralCode(store, input.indicatedBy),
    referralCode: referralCodeOf(input.name, firebaseUser.uid),
    disabled: false,
    createdAt: now,
  }
  try {
    await auth.setClaims(firebaseUser.uid, claimsOf(user))
    store.write(() => {
      store.users.insert(user)
      store.companies.insert(company)
      store.tracks.insert(newTrack(company.id, company.trackId))
    })
  } catch (error) {
    // Nothing half-made: the Firebase account goes too (the store rolled back by itself).
    await auth.auth.deleteUser(firebaseUser.uid).catch(() => undefined)
    throw error
  }
  return { data: user }
}

function getMe({ store, caller }: Call) {
  return { data: findUser(store, caller.uid) }
}

// ---- the profile ----

/**
 * Name and mobile by the person; roles, companies and blocking by a system admin. The change is
 * made from the person's record as it is in its turn (changeIdentity), and sends only the fields
 * the request names: a person's own change of name cannot bring back a blocking, a role or a
 * company that an admin changed while it waited.
 */
async function updateUser(call: Call<{ params: { id: string }; body: UserUpdate }>) {
  const { store, caller, params, body: input } = call
  const adminOnly =
    input.roles !== undefined || input.companies !== undefined || input.disabled !== undefined
  if (adminOnly && !isSystemAdmin(caller.claims)) throw forbidden(userMessages.adminFieldsOnly)
  const unknown = (input.companies ?? []).findIndex((id) => !store.companies.get(id))
  if (unknown >= 0)
    throw badRequest(userMessages.companyUnknown, [
      { path: ['companies', unknown], message: userMessages.companyUnknown },
    ])
  const changes: Partial<IdentityFields> = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.phone !== undefined && { phone: input.phone }),
    ...(input.roles !== undefined && { roles: [...new Set(input.roles)] }),
    ...(input.companies !== undefined && { companies: [...new Set(input.companies)] }),
    ...(input.disabled !== undefined && { disabled: input.disabled }),
  }
  const { user } = await changeIdentity(call, params.id, (user) => {
    // An admin cannot take away their own admin role (nobody would be left to give it back).
    if (
      caller.uid === user.id &&
      user.roles.includes('system-admin') &&
      changes.roles !== undefined &&
      !changes.roles.includes('system-admin')
    )
      throw conflict(userMessages.ownAdminRole)
    const losesAdmin =
      user.roles.includes('system-admin') &&
      ((changes.roles !== undefined && !changes.roles.includes('system-admin')) ||
        changes.disabled === true)
    if (losesAdmin && systemAdmins(store).length <= 1) throw conflict(userMessages.lastAdmin)
    return { changes }
  })
  return { data: user }
}

/** The account goes first: whatever happens next, the person can no longer sign in. */
async function deleteUser({ store, auth, config, params }: Call<{ params: { id: string } }>) {
  const { id } = findUser(store, params.id)
  // In the person's turn, like every change of their identity record (changeIdentity).
  await auth.oneAtATime(id, async () => {
    const user = findUser(store, id)
    if (user.roles.includes('system-admin') && systemAdmins(store).length <= 1)
      throw conflict(userMessages.lastAdmin)
    await auth.auth
      .deleteUser(user.id)
      .catch((error: unknown) => {
        if (firebaseCode(error) !== 'auth/user-not-found') throw error
      })
      .finally(() => auth.forget(user.id))
    await removePhotos(config, user.id)
    store.write(() => {
      store.users.remove(user.id)
      store.ducaPartners.removeWhere({ userId: user.id })
    })
  })
}

/**
 * The person's photo: kept beside the company files, served publicly under an address that
 * changes with the photo, and set as the identity service's photoURL.
 */
async function setPhoto(call: Call<{ params: { id: string } }>) {
  const { store, config, params, req } = call
  const user = findUser(store, params.id)
  const file = req.file
  if (!file) throw badRequest(profileMessages.photoMissing)
  const type = photoTypeOf(file.buffer)
  if (!type || !isPhotoType(file.mimetype))
    throw badRequest(profileMessages.photoType, [
      { path: ['photo'], message: profileMessages.photoType },
    ])
  const name = `${createHash('sha256').update(file.buffer).digest('hex').slice(0, 16)}.${photoTypes[type]}`
  const dir = photoDirOf(config)
  await fs.mkdir(dir, { recursive: true })
  const temp = path.join(dir, `.upload-${randomUUID()}`)
  await fs.writeFile(temp, file.buffer, { flush: true })
  await fs.rename(temp, path.join(dir, photoPrefix(user.id) + name))
  await removePhotos(config, user.id, photoPrefix(user.id) + name)
  const photoUrl = `${config.publicUrl}/users/${encodeURIComponent(user.id)}/photo/${name}`
  await setPhotoUrl(call, user.id, photoUrl)
  return { data: { photoUrl } }
}

async function removePhoto(call: Call<{ params: { id: string } }>) {
  const user = findUser(call.store, call.params.id)
  await removePhotos(call.config, user.id)
  await setPhotoUrl(call, user.id, null)
  return { data: { photoUrl: null } }
}

async function getPhoto({ config, params, res }: Call<{ params: { id: string; file: string } }>) {
  if (!PHOTO_FILE.test(params.file)) throw notFound(profileMessages.photoNotFound)
  const bytes = await fs
    .readFile(path.join(photoDirOf(config), photoPrefix(params.id) + params.file))
    .catch(() => null)
  if (!bytes) throw notFound(profileMessages.photoNotFound)
  const type = photoTypeOf(bytes) ?? 'application/octet-stream'
  res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.type(type).send(bytes)
}

// ---- the back office ----

type AdminUserListQuery = z.output<typeof adminUserListQuerySchema>

/** Users by name, searched by name or e-mail; those of a company. */
function listUsers({ store, query: q }: Call<{ query: AdminUserListQuery }>) {
  if (q.companyId && !store.companies.get(q.companyId)) throw notFound(userMessages.companyUnknown)
  const source = q.companyId ? store.users.withItem('companies', q.companyId) : store.users.all()
  const key = q.query ? searchKey(q.query) : ''
  const list = source
    .filter((user) => !key || searchKey(user.name).includes(key) || user.email.includes(key))
    .sort(byUserName)
  const page = paginate(list, q)
  return { data: page.data.map((user) => adminUserOf(store, user)), total: page.total }
}

/**
 * A new user, answered with a sign-in link: there is no e-mail here, the admin hands the person
 * the link, which opens the app's login page and signs them in (a password can be set later).
 */
async function createUser({ store, auth, config, body: input }: Call<{ body: AdminUserCreate }>) {
  if (input.companyId && !store.companies.get(input.companyId))
    throw badRequest(userMessages.companyUnknown, [
      { path: ['companyId'], message: userMessages.companyUnknown },
    ])
  if (store.users.exists({ email: input.email.toLowerCase() }))
    throw conflict(userMessages.emailTaken)
  const phone = input.phone
    ? isValidMobilePhone(input.phone)
      ? formatMobile(input.phone)
      : input.phone
    : null
  const roles = [...new Set(input.roles)]
  const companies = input.companyId ? [input.companyId] : []
  // The person sets a password through the link; this one is never shown.
  const profile = {
    email: input.email,
    displayName: input.name,
    password: randomBytes(18).toString('base64url'),
  }
  const firebaseUser = await (
    phone && isValidMobilePhone(phone)
      ? auth.auth.createUser({ ...profile, phoneNumber: e164(phone) })
      : Promise.reject(new Error('no phone'))
  )
    .catch((error: unknown) => {
      if (firebaseCode(error) === 'auth/email-already-exists') throw error
      return auth.auth.createUser(profile)
    })
    .catch(firebaseError)
  const user: User = {
    id: firebaseUser.uid,
    email: input.email,
    name: input.name,
    phone,
    roles,
    companies,
    indicatedBy: null,
    referralCode: referralCodeOf(input.name, firebaseUser.uid),
    disabled: false,
    createdAt: new Date().toISOString(),
  }
  try {
    await auth.setClaims(user.id, claimsOf(user))
    store.write(() => store.users.insert(user))
  } catch (error) {
    await auth.auth.deleteUser(user.id).catch(() => undefined)
    throw error
  }
  const signInLink = await auth.auth
    .generateSignInWithEmailLink(user.email, {
      url: `${config.webUrl.replace(/\/$/, '')}/app/login`,
      handleCodeInApp: true,
    })
    .catch(() => null)
  return { data: { ...adminUserOf(store, user), signInLink } }
}

/** One user, with when they last signed in (the identity service's record; none: never). */
async function getUser({ store, auth, params }: Call<{ params: { id: string } }>) {
  const user = findUser(store, params.id)
  const account = await auth.auth.getUser(user.id).catch((error: unknown) => {
    if (firebaseCode(error) === 'auth/user-not-found') return null
    return firebaseError(error)
  })
  const last = account?.metadata.lastSignInTime
  return {
    data: {
      ...adminUserOf(store, user),
      lastSignInAt: last ? new Date(last).toISOString() : null,
    },
  }
}

// ---- the table ----

export const userEndpoints = [
  endpoint({
    method: 'POST',
    path: '/users',
    summary: 'Sign-up: the Firebase user, a pending company on the chosen track, the claims.',
    access: 'public',
    body: userCreateSchema,
    answers: { 201: recordOf(userSchema) },
    errors: [409],
    messages: { 409: SIGN_UP_EMAIL_TAKEN },
    handler: signUp,
  }),
  endpoint({
    method: 'GET',
    path: '/users/me',
    summary: "The caller's profile.",
    access: 'signed-in',
    answers: { 200: recordOf(userSchema) },
    errors: [404],
    handler: getMe,
  }),
  endpoint({
    method: 'PATCH',
    path: '/users/{id}',
    summary: 'Name and mobile (the person); roles, companies and blocking (a system admin).',
    access: 'self',
    params: userParams,
    body: userUpdateSchema,
    answers: { 200: recordOf(userSchema) },
    errors: [404, 409],
    messages: { 409: userMessages.lastAdmin },
    handler: updateUser,
  }),
  endpoint({
    method: 'DELETE',
    path: '/users/{id}',
    summary: 'Removes the account (the identity service first), its photo and partner record.',
    access: 'self',
    params: userParams,
    answers: { 204: null },
    errors: [404, 409],
    messages: { 409: userMessages.lastAdmin },
    handler: deleteUser,
  }),
  endpoint({
    method: 'PUT',
    path: '/users/{id}/photo',
    summary: 'The profile photo (multipart `photo`, JPG/PNG/WebP up to 2 MB).',
    access: 'self',
    params: userParams,
    multipart: { field: 'photo', read: readPhoto },
    answers: { 200: recordOf(photoAnswerSchema) },
    errors: [404, 413],
    handler: setPhoto,
  }),
  endpoint({
    method: 'DELETE',
    path: '/users/{id}/photo',
    summary: 'Removes the profile photo.',
    access: 'self',
    params: userParams,
    answers: { 200: recordOf(photoAnswerSchema) },
    errors: [404],
    handler: removePhoto,
  }),
  endpoint({
    method: 'GET',
    path: '/users/{id}/photo/{file}',
    summary: 'The photo (its address changes with each photo).',
    access: 'public',
    params: z.object({ id: z.string(), file: z.string() }),
    answers: { 200: { media: 'image' } },
    errors: [404],
    handler: getPhoto,
  }),
  endpoint({
    method: 'GET',
    path: '/admin/users',
    summary: "Users by name; a search, or one company's users.",
    access: 'system-admin',
    query: adminUserListQuerySchema,
    answers: { 200: listOf(adminUserSchema) },
    errors: [404],
    handler: listUsers,
  }),
  endpoint({
    method: 'POST',
    path: '/admin/users',
    summary: 'Creates a user; answers a sign-in link for the new person.',
    access: 'system-admin',
    body: adminUserCreateSchema,
    answers: { 201: recordOf(adminUserCreatedSchema) },
    errors: [409],
    messages: { 409: userMessages.emailTaken },
    handler: createUser,
  }),
  endpoint({
    method: 'GET',
    path: '/admin/users/{id}',
    summary: 'One user: companies by name, last sign-in.',
    access: 'system-admin',
    params: userParams,
    answers: { 200: recordOf(adminUserDetailSchema) },
    errors: [404],
    handler: getUser,
  }),
]
