// The build's manual chunks (vite.config.ts `codeSplitting.groups`), by the file paths each one
// takes: a test that matches nothing after a file moved would change the bundle silently, so the
// e2e run's bundle check (scripts/vite/bundle-check.ts) proves, on the build's source maps, that
// every group's chunk exists and holds modules its test names. (That check found a group `ui-core`
// (src/ui Field, Tabs, Icon, Logo) that took nothing: `login`, of the same priority and first,
// takes them with the login screen that imports them. It is gone; the bundle is the same.)

export type ChunkGroup = { name: string; priority: number; test: RegExp }

export const chunkGroups: ChunkGroup[] = [
  {
    // What app.html's entry (src/entries/app/main.tsx) evaluates before any page needs React:
    // where the address lands, the painted page's record, the checkout's return, the error
    // record and the loaders of the session and React Query. No React: the signed-out login
    // page stays as painted until it is used (scripts/vite/bundle-check.ts checks it).
    name: 'boot',
    priority: 4,
    test: /[\\/]src[\\/](entries[\\/]app[\\/]first-paint\.ts|lib[\\/](paths|landing|app-paths|safe-next|replay|title|first-interaction)\.ts|services[\\/](errors|query[\\/]lazy|session[\\/](load|stored-user))\.ts|screens[\\/]account[\\/]checkout-return\.ts|config[\\/]env\.ts)$/,
  },
  {
    // What the client-side app needs before either router can render (React and the
    // routers' start): one chunk instead of dozens of small shared ones. The route trees are not in it: the signed-in area's page never loads the
    // public site's, nor the public site's the signed-in area's. First, so that the
    // entry imports nothing from the routers' chunks.
    name: 'framework',
    priority: 3,
    // With React's JSX runtime (else the router library's chunk takes it, and every React module
    // loads that chunk), the start of either router (src/entries/app/start.tsx), and what the
    // login page reads from its address before the router is there
    // (src/entries/app/login-page.tsx), with the messages it may say (plain text; the validation
    // library's chunk reads them too).
    test: /[\\/]src[\\/](entries[\\/]app[\\/](start|first-commit)\.tsx|services[\\/]site[\\/]build[\\/]watch\.ts|screens[\\/]auth[\\/]login-search\.ts|routes[\\/]app[\\/]_auth[\\/]-login-search\.ts|guards[\\/](safe-next|after-sign-in)\.ts|schemas[\\/](track-ids|messages)\.ts)$|[\\/]node_modules[\\/](react-dom[\\/]client|react[\\/]jsx-runtime)\.js$/,
  },
  {
    // The router library on its own, loaded with either router (src/entries/app/router.tsx,
    // src/entries/site/router-public.tsx): it evaluates in a task of its own, after React's.
    name: 'router-lib',
    priority: 3,
    test: /[\\/]node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store)[\\/]/,
  },
  {
    // The validation library, set up in Portuguese (src/schemas/locale.ts), on its own:
    // the app's start evaluates it in a task of its own, before the routes
    // (src/entries/app/main.tsx).
    name: 'zod',
    priority: 3,
    test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]schemas[\\/]locale\.ts$/,
  },
  {
    // The signed-in area's router with what its route tree needs to match an address
    // and run the gates (the routes' params, search and beforeLoad; the screens and
    // loaders load with their routes): one chunk, not one per route file.
    name: 'app-core',
    priority: 2,
    // With the API client, which nearly every page's data goes through.
    test: /[\\/]src[\\/](entries[\\/](app[\\/]router\.tsx|route-trees[\\/]routeTree\.app\.gen\.js)|services[\\/]api[\\/]index\.ts)$/,
  },
  {
    // The design system's pieces the login page is made of (buttons, alerts, fields, tabs,
    // toasts), the session's React side and the cookie choice: ahead of the signed-in area's
    // chunk, so the login page of a signed-out full load gets them without the router
    // (src/entries/app/login-page.tsx); every other page shares them.
    name: 'ui-core',
    priority: 3,
    test: /[\\/]src[\\/](ui[\\/](Button|Feedback|Field|Tabs|Icon|Logo|Toaster|lazy-component|notify)|services[\\/](session[\\/](index|react)|site[\\/]consent[\\/]consent))\.tsx?$/,
  },
  {
    // The login page (its password form, the layout, the sign-in messages, and the entry that
    // makes a signed-out full load's painted form live): one chunk, where every signed-out
    // visit comes in. Its other forms load with their modes.
    name: 'login',
    priority: 3,
    test: /[\\/]src[\\/](screens[\\/](auth[\\/](LoginPage|LoginScreen|SignInForm|EmailField|FederatedButtons)|layouts[\\/]AuthLayout)\.tsx|services[\\/]auth[\\/]auth-errors\.ts|entries[\\/]app[\\/]login-page\.tsx)$/,
  },
  {
    // React Query, which every signed-in page reads through: one chunk, not five.
    name: 'query',
    priority: 1,
    test: /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]|[\\/]src[\\/]services[\\/]query[\\/]client\.tsx$/,
  },
]
