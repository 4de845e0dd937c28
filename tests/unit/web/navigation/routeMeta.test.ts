import { describe, expect, it } from 'vitest';
import {
  isLandingPath,
  isLegalPath,
  isPublicProjectId,
  isViewerPath,
  labelForPath,
  showsFooter,
} from '../../../../web/src/navigation/routeMeta';

describe('labelForPath', () => {
  it.each([
    ['/', 'Home'],
    ['/dashboard', 'Dashboard'],
    ['/dashboard/', 'Dashboard'],
    ['/projects/new', 'New Project'],
    ['/public-upload', 'Quick Upload'],
    ['/viewer/demo', '3D Demo'],
    ['/viewer/pub_abc', '3D Viewer'],
    ['/viewer/4a1c-uuid', '3D Viewer'],
    ['/admin', 'Admin Panel'],
    ['/login', 'Sign In'],
    ['/forgot-password', 'Sign In'],
    ['/reset-password', 'Sign In'],
    ['/register', 'Register'],
    ['/terms', 'Legal'],
    ['/privacy', 'Legal'],
    ['/cookies', 'Legal'],
    ['/gdpr', 'Legal'],
    ['/verify-email', 'Page'],
    ['/no-such-page', 'Page'],
    ['/viewer', 'Page'],
    ['/viewer/a/b', 'Page'],
    ['/dashboards', 'Page'],
  ])('%s → %s', (path, label) => {
    expect(labelForPath(path)).toBe(label);
  });
});

describe('frame rules', () => {
  it('shows the footer everywhere except /viewer paths', () => {
    expect(showsFooter('/')).toBe(true);
    expect(showsFooter('/terms')).toBe(true);
    expect(showsFooter('/viewers')).toBe(true);
    expect(showsFooter('/viewer')).toBe(false);
    expect(showsFooter('/viewer/demo')).toBe(false);
    expect(showsFooter('/viewer/pub_x')).toBe(false);
    expect(isViewerPath('/viewer/pub_x/')).toBe(true);
  });

  it('uses the landing header only on /', () => {
    expect(isLandingPath('/')).toBe(true);
    expect(isLandingPath('')).toBe(true);
    expect(isLandingPath('/login')).toBe(false);
  });

  it('knows the four legal paths', () => {
    expect(['/terms', '/privacy', '/cookies', '/gdpr'].every(isLegalPath)).toBe(true);
    expect(isLegalPath('/legal')).toBe(false);
  });

  it('treats pub_ ids as public links', () => {
    expect(isPublicProjectId('pub_abc')).toBe(true);
    expect(isPublicProjectId('abc')).toBe(false);
  });
});
