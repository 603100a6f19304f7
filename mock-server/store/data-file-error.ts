// A data folder the server cannot use as it is. The server stops before it listens, with one
// message in Portuguese that names the file and says what to do, and leaves the file as it
// found it (mock-server/index.ts prints it; `npm start` shows it alone, scripts/stack.ts).
import { StartupError } from '../config'

export class DataFileError extends StartupError {}

/** How the server exits when it refuses its data folder (EX_CONFIG of sysexits.h). */
export const DATA_FILE_REFUSED_EXIT = 78

/** SQLite's codes for a file that is not a database it can read. */
const unreadableCodes = ['SQLITE_NOTADB', 'SQLITE_CORRUPT', 'SQLITE_CANTOPEN']

/** Whether an error of better-sqlite3 says the file cannot be opened as a database. */
export const isUnreadableDatabase = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && unreadableCodes.some((known) => code.startsWith(known))
}

/** The message for a data file SQLite cannot open: it names the file and the way back. */
export const unreadableDataFile = (file: string) =>
  new DataFileError(
    `O arquivo de dados ${file} não pode ser aberto: não é um banco de dados SQLite ou está ` +
      'danificado. Ele foi deixado como estava. Guarde uma cópia dele, se quiser examiná-lo ' +
      `(cp "${file}" "${file}.copia"), e rode \`npm run db:reset\` para voltar aos dados de ` +
      'demonstração; depois inicie de novo.',
  )
