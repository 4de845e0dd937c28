import { AboutSection } from './AboutSection';
import { ComparisonSection } from './ComparisonSection';
import { DemoSection } from './DemoSection';
import { FeaturesSection } from './FeaturesSection';
import { HeroSection } from './HeroSection';
import { SideDotNav } from './SideDotNav';
import './landing.css';

/** / — the landing page: hero, comparison, features (with the four steps), about, demo. */
export function LandingPage() {
  return (
    <div className="landing" data-testid="page-landing">
      <HeroSection />
      <ComparisonSection />
      <FeaturesSection />
      <AboutSection />
      <DemoSection />
      <SideDotNav />
    </div>
  );
}
