import { z } from 'zod'
import { limitMessage, typeMessage } from './limit-messages'

// zod's own messages (wrong type, unknown key…) in Brazilian Portuguese, and our sentences for
// values past a limit ('Nome pode ter no máximo 120 caracteres.'), missing values ('Campo
// obrigatório: Empresa.') and values that are not a number ('Limite precisa ser um número
// inteiro.'), for the forms and the API alike.
// Imported for its effect by the schema modules that everything else uses.
z.config(z.locales.ptBR())
// In the browser, no compiled checkers: zod otherwise builds one with `new Function` the first
// time each object schema parses, and a full load of a signed-in page parses dozens once (a
// route's search, the claims, each answer's shape), each compile a long task before the page's
// first request. The mock server (mock-server/) parses the same schemas many times: compiled.
if (typeof document !== 'undefined') z.config({ jitless: true })
z.config({ customError: (issue) => limitMessage(issue) ?? typeMessage(issue) })
