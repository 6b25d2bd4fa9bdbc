// The area kit's test kit: render an area's App against a fake platform API, check its remote module.
export { renderArea, testLinkResolver, type RenderAreaOptions } from './render-area';
export { describeAreaModule, type DescribeAreaModuleOptions } from './describe-area-module';
export * from './fake-api';
export { ME, ORGANIZATION, PROJECT_REF, TEAMMATE } from './fixtures';
export { hostMountProps } from './mount-props';
export { findDialog } from './find-dialog';
