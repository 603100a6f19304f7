// Types for the public route tree (src/routeTree.public.gen.js), which the router plugin
// generates without types so that it adds no second set of route declarations: the app's routes
// are typed once, by src/routeTree.gen.ts.
import type { AnyRoute } from '@tanstack/react-router'

export declare const routeTree: AnyRoute
