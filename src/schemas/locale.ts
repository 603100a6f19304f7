import { z } from 'zod'

// zod's own messages (wrong type, unknown key, too long…) in Brazilian Portuguese, for the forms
// and the API alike. Imported for its effect by the schema modules that everything else uses.
z.config(z.locales.ptBR())
