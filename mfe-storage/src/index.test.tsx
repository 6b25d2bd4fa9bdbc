import { describeAreaModule } from '@plinth/shared-ui/area/area-module-test';
import * as exposed from './index';
import packageJson from '../package.json';

describeAreaModule({ area: 'storage', exposed, packageVersion: packageJson.version });
