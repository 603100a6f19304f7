import type { AnchorHTMLAttributes, MouseEvent } from 'react'
import { useRouter } from '@tanstack/react-router'
import { signUpTrackOf } from '@/services/site/links/signup'
import { isExternal, isSitePath } from './links'

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string }

/**
 * A link from content. Inside the client-rendered app (the dev server, the editors' preview)
 * pages of the site open inside the app, with preloading on intent; on prerendered pages, where
 * there is no router, every link is a plain one. The signed-in area and other sites load as
 * usual, external ones in a new tab. Sign-up links carry their track in `data-signup`.
 */
export function ContentLink({ href, onClick, onMouseEnter, onFocus, children, ...rest }: Props) {
  const router = useRouter({ warn: false })
  if (isExternal(href))
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    )
  const track = signUpTrackOf(href)
  const mark = track === null ? {} : { 'data-signup': track }
  if (!router || !isSitePath(href))
    return (
      <a
        href={href}
        onClick={onClick}
        onMouseEnter={onMouseEnter}
        onFocus={onFocus}
        {...mark}
        {...rest}
      >
        {children}
      </a>
    )
  const preload = () => void router.preloadRoute({ href } as never).catch(() => undefined)
  const navigate = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return
    event.preventDefault()
    const [path, hash] = href.split('#')
    if (path === window.location.pathname && hash) {
      document.getElementById(hash)?.scrollIntoView({ behavior: 'smooth' })
      window.history.replaceState(window.history.state, '', `#${hash}`)
      return
    }
    void router.navigate({ href, hashScrollIntoView: true })
  }
  return (
    <a
      href={href}
      onClick={navigate}
      onMouseEnter={(event) => {
        onMouseEnter?.(event)
        preload()
      }}
      onFocus={(event) => {
        onFocus?.(event)
        preload()
      }}
      {...rest}
    >
      {children}
    </a>
  )
}
