import type { ComponentProps } from 'react'
import { AuthLayout } from '@/screens/layouts'
import { LoginScreen } from './LoginScreen'

/**
 * The login page of a full load, whole: the skip link, the auth layout and the login screen.
 * app.html paints it before any script (src/entries/painted-page/app-first-paint.tsx), and a
 * signed-out full load hydrates that HTML with this same tree (src/entries/app/login-page.tsx):
 * nothing is laid out again when the app takes over.
 */
export function LoginPage(props: ComponentProps<typeof LoginScreen>) {
  return (
    <>
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <AuthLayout>
        <LoginScreen {...props} />
      </AuthLayout>
    </>
  )
}
