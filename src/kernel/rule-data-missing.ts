/**
 * A rule's data the system does not have (a year's tax table, a year's holidays, a month's Selic,
 * the company's RAT): nothing is computed with a guess. Each kind says in pt-BR what is missing;
 * the server answers every one of them the same way, a refusal with that message (409,
 * mock-server/http.ts), so no command has to catch and re-word them.
 */
export abstract class RuleDataMissing extends Error {}
