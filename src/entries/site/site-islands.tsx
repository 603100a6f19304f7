import { StrictMode, useEffect, type ComponentType, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { CnaeSearchIsland } from '@/screens/site/cnae/CnaeSearchIsland'
import { CitySearch } from '@/screens/site/content/CitySearch'
import { LeadFormSlot } from '@/screens/site/forms/LeadFormSlot'
import type { LeadFormProps } from '@/screens/site/forms/lead-form-types'
import type { IslandName } from '@/screens/site/islands/Island'
import { Toaster } from '@/ui/Toaster'

// The islands of prerendered pages, loaded by src/entries/site/entry-static.ts the first time the visitor
// reaches for one: each is hydrated on its own (hydrateRoot) with the props the build serialized
// next to it and the id prefix it was rendered with, so React takes over the HTML as it is.

type AnyProps = Record<string, unknown>

const islands: Record<IslandName, ComponentType<AnyProps>> = {
  // Reached for: the full form (validation, mask, sending) loads at once.
  'lead-form': (props) => <LeadFormSlot {...(props as unknown as LeadFormProps)} upgradeNow />,
  'city-search': CitySearch as ComponentType<AnyProps>,
  'cnae-search': CnaeSearchIsland as ComponentType<AnyProps>,
}

/** Calls `onReady` once the island's first render is committed (its handlers are attached). */
function Ready({ onReady, children }: { onReady: () => void; children: ReactNode }) {
  useEffect(onReady, [onReady])
  return children
}

let toaster = false
/** The lead form confirms with a toast: its container, once, outside the islands. */
function mountToaster() {
  if (toaster) return
  toaster = true
  const host = document.createElement('div')
  document.body.appendChild(host)
  createRoot(host).render(<Toaster />)
}

export function hydrateIsland(element: HTMLElement, onReady: () => void) {
  const name = element.dataset.island as IslandName
  const Component = islands[name]
  const script = element.nextElementSibling
  if (!Component || !(script instanceof HTMLScriptElement) || !('islandProps' in script.dataset))
    throw new Error(`island ${name} has no props`)
  const props = JSON.parse(script.textContent ?? '{}') as AnyProps
  if (name === 'lead-form') mountToaster()
  hydrateRoot(
    element,
    <StrictMode>
      <Ready onReady={onReady}>
        <Component {...props} />
      </Ready>
    </StrictMode>,
    { identifierPrefix: `${element.dataset.islandId}-` },
  )
}
