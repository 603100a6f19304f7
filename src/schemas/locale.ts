import { z } from 'zod'
import { limitMessage, typeMessage } from './limit-messages'

// zod's own messages (wrong type, unknown key…) in Brazilian Portuguese, and our sentences for
// values past a limit ('Nome pode ter no máximo 120 caracteres.'), missing values ('Campo
// obrigatório: Empresa.') and values that are not a number ('Limite precisa ser um número
// inteiro.'), for the forms and the API alike.
// Imported for its effect by the schema modules that everything else uses.
z.config(z.locales.ptBR())
z.config({ customError: (issue) => limitMessage(issue) ?? typeMessage(issue) })
