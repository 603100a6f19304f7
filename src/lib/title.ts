/** The document title of a page: `Painel | Contabil`. */
export const pageTitle = (name: string) => `${name} | Contabil`
