/** How clients reach the accounting team (shown where a screen cannot help further). */
export const SUPPORT_EMAIL = 'suporte@contabil.dev'
