// A role's name is the glossary's, as every screen says it.
export { roleLabels, rolesSummary } from '@/schemas/glossary'
