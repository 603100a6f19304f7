import { navigateTo } from '@/guards/navigation'

/**
 * Leaves the app for a payment's checkout page. The page is on the payment provider's address
 * (the API's stand-in here), so leaving is allowed explicitly (docs/product.md §8); the provider
 * sends the browser back to billing when done.
 */
export const goToCheckout = (url: string) =>
  navigateTo(
    {
      navigate: (href) => window.location.assign(href),
      assign: (href) => window.location.assign(href),
    },
    url,
    { allowExternal: true },
  )
