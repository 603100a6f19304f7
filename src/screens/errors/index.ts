// The one status page (status, title, message, description) and the lazily loaded error pages.
// AreaError, ErrorPage and NotFoundPage are imported by routes directly, so they stay out of
// every page's first load.
export { LazyErrorPage, LazyNotFoundPage } from './lazy'
export { StatusPage, type StatusPageProps } from './StatusPage'
