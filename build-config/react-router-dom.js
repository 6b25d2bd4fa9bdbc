// What the console uses of react-router-dom, and the only module that imports react-router itself.
// The federation shares this file under the name "react-router-dom": a shared module cannot be
// tree-shaken (any build may call any export), so sharing the whole package puts about 65 KB gzip
// in every first load; sharing this list keeps the router's declarative parts (about 17 KB).
// Add a name here before using it anywhere: build-config.test.js reads every import of the
// workspace and fails on a name this list does not export.
export {
  BrowserRouter,
  generatePath,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useOutletContext,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router';
