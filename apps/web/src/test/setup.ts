import { configure } from '@testing-library/dom';

// The unit tier must hold on a machine whose cores are busy (npm run test:stress): a findBy or
// waitFor waits for what the user would see for up to 10 s, not Testing Library's default 1 s.
// A test that passes only fast is no better than one that passes.
configure({ asyncUtilTimeout: 10_000 });
