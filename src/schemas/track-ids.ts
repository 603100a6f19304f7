// The two tracks a company starts with us by: opening a company, or bringing one from another
// accountant. Kept free of imports: the login page reads them from its address before the
// validation library loads (src/routes/app/_auth/-login-search.ts).

export const trackIds = ['create-company', 'migrate-company'] as const
export type TrackId = (typeof trackIds)[number]
