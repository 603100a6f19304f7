// The docs page (mock-server/docs/index.ts): Swagger UI over this server's OpenAPI document, and a
// sign-in with a demo account whose ID token Swagger UI sends as the bearer token.
/* global SwaggerUIBundle */

const ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  // No badge from the public validator: nothing leaves this machine.
  validatorUrl: null,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  displayOperationId: true,
  filter: true,
  tryItOutEnabled: true,
  persistAuthorization: true,
})

const form = document.getElementById('sign-in')
const status = document.getElementById('sign-in-status')
const account = form.elements.namedItem('account')
const password = form.elements.namedItem('password')

// Choosing a demo account fills its password (the list is there under `npm start` only; the
// accounts are in the README too). Elsewhere the e-mail is typed.
if (account instanceof HTMLSelectElement)
  account.addEventListener('change', () => {
    password.value = account.selectedOptions[0]?.dataset.password ?? ''
  })

form.addEventListener('submit', async (event) => {
  event.preventDefault()
  status.textContent = 'Entrando…'
  try {
    const response = await fetch(form.dataset.signInUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: account.value,
        password: password.value,
        returnSecureToken: true,
      }),
    })
    const body = await response.json()
    if (!body.idToken) {
      status.textContent = `Não foi possível entrar: ${body.error?.message ?? response.status}.`
      return
    }
    ui.preauthorizeApiKey('bearerAuth', body.idToken)
    status.textContent = `Autorizado como ${account.value}: o “Try it out” envia o token dessa conta (vale uma hora).`
  } catch {
    status.textContent = 'O emulador do Firebase Auth não respondeu. Ele sobe com `npm start`.'
  }
})
