// What other features take from the layouts: the auth layout, which the login page's whole tree
// holds (src/screens/auth/LoginPage.tsx). Routes pick a layout file each.
export { AuthLayout } from './AuthLayout'
