/** Where an applicant's page lives, from the contract's menu tree, so a link cannot drift from the route. */
export { menuPagePath } from '@gradus/contract/menus';
